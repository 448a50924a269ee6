import { describeSnapshotContract } from "./snapshot-contract";

describeSnapshotContract(["marketshare", "social-channels", "social-users"]);
