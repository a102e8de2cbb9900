"""`concierge serve` as a real process: started on a free port, waited for, counted, stopped."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import httpx

from tests.conftest import THURSDAY_EVENING_ROME, VENUES_FILE
from tests.support import firestore_emulator
from tests.support.local import free_port


class ServeProcess:
    def __init__(
        self,
        data_dir: Path,
        store_kind: str = "sqlite",
        threads: int = 8,
        env: dict[str, str] | None = None,
        venues: Path = VENUES_FILE,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = data_dir.parent / f"serve-{self.port}.log"
        data_dir.parent.mkdir(parents=True, exist_ok=True)
        environ = {
            **os.environ,
            "CONCIERGE_STORE": store_kind,
            "CONCIERGE_NOW": THURSDAY_EVENING_ROME,
            "CONCIERGE_FIRESTORE_PROJECT": firestore_emulator.PROJECT,
            **(env or {}),
        }
        with open(self.log, "wb") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "concierge.cli",
                    "serve",
                    "--port",
                    str(self.port),
                    "--threads",
                    str(threads),
                    "--venues",
                    str(venues),
                    "--data",
                    str(data_dir),
                ],
                env=environ,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 120  # a loaded machine starts a server with the Firestore client slowly
        while True:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                raise RuntimeError(f"the server did not start (exit {self.process.poll()}): {self.output()[-2000:]}")
            time.sleep(0.1)

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def open_descriptors(self) -> int:
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        raise RuntimeError("no VmRSS in /proc status")

    def stop(self) -> int:
        """SIGTERM, as a supervisor stops it; the exit status."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        return self.process.returncode
