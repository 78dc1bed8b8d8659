import net from "node:net";

/**
 * Sends `head` as written over a raw TCP socket to a server on this machine and resolves with
 * the status line of its answer: for request targets no HTTP client will send (`GET http://…`,
 * `OPTIONS *`).
 */
export function rawStatusLine(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
    let text = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
      if (text.includes("\r\n")) {
        resolve(text.slice(0, text.indexOf("\r\n")));
        socket.destroy();
      }
    });
    socket.on("error", reject);
  });
}
