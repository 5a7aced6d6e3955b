"""`sixtysix.py test`: the quick suite by default, everything with --all or named paths."""
import os
import sys

from sixtysix_tools import testrun

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


N = ["-n", "auto"]               # a process a core (pytest-xdist)


def test_the_bare_command_runs_the_quick_suite():
    assert testrun.pytest_args([]) == N + ["-m", "not slow", "host_tests"]
    assert testrun.pytest_args(["-q", "-x"]) == N + ["-m", "not slow", "host_tests", "-q", "-x"]
    assert testrun.pytest_args(["-k", "reach"]) == N + ["-m", "not slow", "host_tests", "-k",
                                                        "reach"]


def test_all_runs_every_test():
    assert testrun.pytest_args(["--all"]) == N + ["host_tests"]
    assert testrun.pytest_args(["-q", "--all"]) == N + ["host_tests", "-q"]


def test_named_paths_run_whole():
    assert testrun.pytest_args(["host_tests/test_app.py", "-x"]) == N + [
        "host_tests/test_app.py", "-x"]
    node = "host_tests/test_app.py::test_100k_random_presses"
    assert testrun.pytest_args([node]) == N + [node]
    assert testrun.pytest_args(["no_such_file.py"]) == N + ["-m", "not slow", "host_tests",
                                                            "no_such_file.py"]


def test_a_marker_expression_of_ones_own_is_kept():
    assert testrun.pytest_args(["-m", "slow"]) == N + ["host_tests", "-m", "slow"]
    assert testrun.pytest_args(["-mslow"]) == N + ["host_tests", "-mslow"]


def test_ones_own_process_count_or_a_debugger_runs_without_workers():
    assert testrun.pytest_args(["-n", "0"]) == ["-m", "not slow", "host_tests", "-n", "0"]
    assert testrun.pytest_args(["-n4", "--all"]) == ["host_tests", "-n4"]
    assert testrun.pytest_args(["-s"]) == ["-m", "not slow", "host_tests", "-s"]
    assert testrun.pytest_args(["--pdb", "--all"]) == ["host_tests", "--pdb"]


def test_arguments_pytest_refuses_get_one_line():
    import subprocess
    out = subprocess.run([sys.executable, os.path.join(ROOT, "tools", "sixtysix.py"), "test",
                          "--no-such-option"], capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "--no-such-option" in out.stderr, out.stderr
