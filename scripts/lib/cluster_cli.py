"""`scripts/cluster up [--ha]|down|status|switchover`: the shell face of `Topology` and `HATopology`."""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from ha_topology import HATopology
from topology import Topology


def _is_ha(root: Path) -> bool:
    state = root / "state.json"
    return state.exists() and "nodes" in json.loads(state.read_text())


def main(command: str, ha: bool) -> int:
    root = Path(os.environ.get("DEBRIEF_CLUSTER_DIR") or f"/tmp/debrief-cluster-{os.getuid()}")
    binary = os.environ.get("DEBRIEF_BINARY")
    port = int(os.environ.get("DEBRIEF_CLUSTER_PORT", "8080"))
    if ha or _is_ha(root):
        topology = HATopology(root, binary=binary, http_port=port, nodes=int(os.environ.get("DEBRIEF_HA_NODES", "3")),
                              routing=os.environ.get("DEBRIEF_HA_ROUTING", "haproxy"))
    else:
        topology = Topology(root, binary=binary, http_port=port)
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
    if command == "switchover":
        if not isinstance(topology, HATopology):
            print("switchover needs the HA topology (scripts/cluster up --ha)", file=sys.stderr)
            return 2
        # Through patronictl, as an operator would: it asks the leader's REST API, which demotes
        # it only once the synchronous standby has everything, then promotes that standby.
        before = topology.leader()
        done = topology.patronictl("switchover", "--leader", before, "--force")
        print(done.stdout + done.stderr, end="")
        if done.returncode != 0:
            return done.returncode
        print(f"leader: {before} → {topology.wait_for_leader(60, other_than=before)}")
        # The old leader restarts as a replica of the new one: show the cluster once it has.
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and topology.role(before).get("state") != "running":
            time.sleep(0.2)
    if isinstance(topology, HATopology):
        listed = topology.patronictl("list")
        print(listed.stdout or listed.stderr, end="")
    for part, address, state in topology.status():
        print(f"  {part:<11} {address:<58} {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], "--ha" in sys.argv[2:]))
