/**
 * A local HTTP server standing in for a provider (Slack or Discord webhooks, the Telegram Bot API, a
 * browser's push service): it records every request as the provider would receive it and answers
 * what the test tells it to.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Responder = (req: RecordedRequest) => { status: number; body?: unknown; delayMs?: number };

export async function startRecordingServer(respond: Responder = () => ({ status: 200, body: "ok" })) {
  const requests: RecordedRequest[] = [];
  let responder = respond;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const recorded = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      const answer = responder(recorded);
      const send = () => {
        const isText = typeof answer.body === "string" || answer.body === undefined;
        res.writeHead(answer.status, { "content-type": isText ? "text/plain" : "application/json" });
        res.end(isText ? ((answer.body as string | undefined) ?? "") : JSON.stringify(answer.body));
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    respondWith(next: Responder) {
      responder = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
