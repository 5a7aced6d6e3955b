"""`sixtysix.py test`: the quick suite by default, everything with --all or named paths."""
import os
import sys

from sixtysix_tools import testrun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_bare_command_runs_the_quick_suite():
    assert testrun.pytest_args([]) == ["-m", "not slow", "host_tests"]
    assert testrun.pytest_args(["-q", "-x"]) == ["-m", "not slow", "host_tests", "-q", "-x"]
    assert testrun.pytest_args(["-k", "reach"]) == ["-m", "not slow", "host_tests", "-k",
                                                    "reach"]


def test_all_runs_every_test():
    assert testrun.pytest_args(["--all"]) == ["host_tests"]
    assert testrun.pytest_args(["-q", "--all"]) == ["host_tests", "-q"]


def test_named_paths_run_whole():
    assert testrun.pytest_args(["host_tests/test_app.py", "-x"]) == ["host_tests/test_app.py",
                                                                    "-x"]
    node = "host_tests/test_app.py::test_100k_random_presses"
    assert testrun.pytest_args([node]) == [node]
    assert testrun.pytest_args(["no_such_file.py"]) == ["-m", "not slow", "host_tests",
                                                        "no_such_file.py"]


def test_a_marker_expression_of_ones_own_is_kept():
    assert testrun.pytest_args(["-m", "slow"]) == ["host_tests", "-m", "slow"]
    assert testrun.pytest_args(["-mslow"]) == ["host_tests", "-mslow"]


def test_arguments_pytest_refuses_get_one_line():
    import subprocess
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sixtysix.py"), "test",
                          "--no-such-option"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "--no-such-option" in out.stderr, out.stderr
