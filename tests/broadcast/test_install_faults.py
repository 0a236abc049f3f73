"""deploy/mosquitto/install.sh when things go wrong: no plain-text password is left behind, and a
password path that is a symbolic link is refused before anything follows it."""

from __future__ import annotations

import os
import subprocess

import pytest

from tests.support.as_root import rerun_as_root
from tests.support.mosquitto import DEPLOY, PASSWD

INSTALL = DEPLOY / "install.sh"

pytestmark = pytest.mark.skipif(not os.path.exists(PASSWD), reason="mosquitto_passwd is not installed (mosquitto)")


def run_install(root, password_file):
    env = {**os.environ, "ROOT": str(root), "PASSWORD_FILE": str(password_file), "COMPANION_USER": "root",
           "MQTT_PORT": "1", "WS_PORT": "2"}
    return subprocess.run(["sh", str(INSTALL)], env=env, capture_output=True, text=True, timeout=60)


def test_a_failing_mosquitto_passwd_leaves_no_plain_text_password(tmp_path, request):
    if rerun_as_root(request):  # install.sh runs as root
        return
    root = tmp_path / "root"
    password_file = tmp_path / "mqtt-password"
    # A hand-edited file of two lines: mosquitto_passwd -U refuses the second ("Corrupt password file").
    password_file.write_text("the-tables-secret\nsecond line\n")
    done = run_install(root, password_file)
    assert done.returncode == 2 and "could not hash the logins" in done.stderr
    conf_dir = root / "etc/mosquitto/companion"
    left = [p for p in conf_dir.iterdir()] if conf_dir.exists() else []
    assert not [p for p in left if "the-tables-secret" in p.read_text(errors="replace")], left


def test_a_password_path_that_is_a_symbolic_link_is_refused_and_its_target_untouched(tmp_path, request):
    if rerun_as_root(request):  # install.sh runs as root
        return
    target = tmp_path / "someone-elses-file"
    target.write_text("not a password\n")
    os.chown(target, 4242, 4242)
    target.chmod(0o644)
    link = tmp_path / "mqtt-password"
    link.symlink_to(target)
    done = run_install(tmp_path / "root", link)
    assert done.returncode == 2 and "is a symbolic link" in done.stderr
    st = target.stat()
    assert (st.st_uid, st.st_mode & 0o777) == (4242, 0o644)
    assert target.read_text() == "not a password\n"
