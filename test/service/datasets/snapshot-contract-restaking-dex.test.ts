import { describeSnapshotContract } from "./snapshot-contract";

describeSnapshotContract(["avs-stats", "operator-metadata", "dex-pairs"]);
