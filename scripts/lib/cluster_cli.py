"""`scripts/cluster up|down|status`: the shell face of `cluster.Topology`."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from topology import Topology


def main(command: str) -> int:
    root = Path(os.environ.get("DEBRIEF_CLUSTER_DIR") or f"/tmp/debrief-cluster-{os.getuid()}")
    topology = Topology(root, binary=os.environ.get("DEBRIEF_BINARY"),
                        http_port=int(os.environ.get("DEBRIEF_CLUSTER_PORT", "8080")))
    if command == "up":
        topology.up()
        print(f"Debrief cluster up in {root} (logs in {root / 'logs'}):")
    elif command == "down":
        topology.down()
        print(f"Debrief cluster stopped; {root} removed.")
        return 0
    if topology.state is None:
        print(f"no cluster in {root}")
        return 1
    for part, address, state in topology.status():
        print(f"  {part:<11} {address:<58} {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
