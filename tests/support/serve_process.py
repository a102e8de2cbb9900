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
        workers: int = 1,
    ) -> None:
        self.data_dir = data_dir
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
                    "--workers",
                    str(workers),
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

    def worker_pids(self) -> list[int]:
        """The worker processes of `--workers N` (none with one process)."""
        pid = self.process.pid
        return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]

    def serving_pids(self) -> list[int]:
        """The processes that answer requests: the workers, or the server itself."""
        return self.worker_pids() or [self.process.pid]

    def open_descriptors(self) -> int:
        return sum(len(os.listdir(f"/proc/{pid}/fd")) for pid in self.serving_pids())

    def rss_kib(self) -> int:
        return sum(rss_kib(pid) for pid in self.serving_pids())

    def stop(self) -> int:
        """SIGTERM, as a supervisor stops it; the exit status."""
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)
        return self.process.returncode


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc status")


def cpu_ticks(pid: int) -> int:
    """User and system CPU time of a process so far, in clock ticks."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def cpu_ns(pids: list[int]) -> int:
    """CPU time the processes' threads have run so far, in nanoseconds (the scheduler's own count)."""
    total = 0
    for pid in pids:
        for task in os.listdir(f"/proc/{pid}/task"):
            try:
                total += int(Path(f"/proc/{pid}/task/{task}/schedstat").read_text().split()[0])
            except (FileNotFoundError, ProcessLookupError):
                pass  # a thread that ended meanwhile
    return total
