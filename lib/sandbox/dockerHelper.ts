// The docker driver's way to the in-container root helper (helperChannel.ts): one long-lived
// `docker exec` carrying the JSON lines, so a command or a reset costs a few ms instead of a new exec.
import type Docker from "dockerode";
import type { Duplex } from "node:stream";
import { demux, execExitCode } from "./dockerExec";
import { HELPER_PATH, HelperChannel } from "./helperChannel";

export class DockerHelper extends HelperChannel {
  private constructor(sock: Duplex) {
    super({ write: (line) => sock.write(line), hangUp: () => sock.destroy() });
    demux(
      sock,
      (b) => this.stdout(b),
      (b) => this.stderr(b.toString("utf8")),
    );
    const onEnd = () => this.closedByTransport();
    sock.on("close", onEnd);
    sock.on("end", onEnd);
    sock.on("error", onEnd);
  }

  /** Start the helper in `container` and wait for it; `missing` on the error: the image has none. */
  static async open(container: Docker.Container, timeoutMs = 10_000): Promise<DockerHelper> {
    const exec = await container.exec({
      Cmd: ["python3", "-u", HELPER_PATH, "--serve"],
      User: "root",
      WorkingDir: "/",
      AttachStdin: true,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
    });
    const helper = new DockerHelper((await exec.start({ hijack: true, stdin: true })) as Duplex);
    try {
      await helper.ready(timeoutMs);
    } catch (e) {
      const code = await execExitCode(exec);
      // 127: no python3; 2: python3 cannot open the script: the image has no helper
      throw Object.assign(e as Error, { missing: code === 127 || code === 2 || code === 126 });
    }
    return helper;
  }
}
