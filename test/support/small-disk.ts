import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * A real, small file system (tmpfs) for tests of a full disk: mounting needs root (or CAP_SYS_ADMIN). Where that is
 * not allowed, `mountSmallDisk` returns the reason instead, and the tests that need it say so and skip.
 */
export interface SmallDisk {
  dir: string;
  freeBytes(): number;
  /** Writes filler files until only `leaveBytes` are free (0: every byte taken). */
  fill(leaveBytes?: number): void;
  /** Removes the filler files. */
  empty(): void;
  unmount(): void;
}

export function mountSmallDisk(megabytes: number): SmallDisk | string {
  const dir = mkdtempSync(join(tmpdir(), "small-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return `cannot mount a ${megabytes} MB tmpfs here (needs root): ${String(error).split("\n")[0]}`;
  }
  let fillers = 0;
  const freeBytes = () => {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  };
  return {
    dir,
    freeBytes,
    fill: (leaveBytes = 0) => {
      for (let free = freeBytes(); free > leaveBytes; free = freeBytes()) {
        try {
          writeFileSync(join(dir, `filler-${fillers++}`), Buffer.alloc(Math.max(4096, free - leaveBytes)));
        } catch {
          return; // the last bytes: whatever fitted stays written
        }
      }
    },
    empty: () => {
      for (const name of readdirSync(dir)) if (name.startsWith("filler-")) rmSync(join(dir, name), { force: true });
    },
    unmount: () => {
      execFileSync("umount", ["-l", dir], { stdio: "pipe" });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** True where a small disk can be mounted, else why not (for a visible skip). */
export function smallDiskAvailable(): true | string {
  const probe = mountSmallDisk(1);
  if (typeof probe === "string") return probe;
  probe.unmount();
  return true;
}
