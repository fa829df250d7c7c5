"""Run every benchmark under bench/ and print its figures (no pass/fail on time)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent


def main() -> int:
    for script in sorted(BENCH.glob("bench_*")):
        print(f"== {script.name}", flush=True)
        if script.suffix == ".py":
            cmd = [sys.executable, str(script)]
        elif script.suffix == ".mjs":
            cmd = ["node", str(script)]
        else:
            continue
        subprocess.run(cmd, check=False, cwd=BENCH.parent)
    # The side-by-side with the gin-rummy solvers needs its own venv (make peers).
    print("== peers.py", flush=True)
    peers = BENCH.parent / ".venv-peers" / "bin" / "python"
    if peers.exists():
        subprocess.run([str(peers), str(BENCH / "peers.py")], check=False, cwd=BENCH.parent)
    else:
        print("skipped: run `make peers` once to install rlcard and open_spiel into .venv-peers")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
