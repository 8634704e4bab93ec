import https from "node:https";
import type { ClientRequestArgs } from "node:http";
import type { AddressInfo } from "node:net";
import tls from "node:tls";
import { fileURLToPath } from "node:url";
import { unstable_startWorker } from "wrangler";
import { SANDBOX_PATH } from "../../worker/payments/sandbox/path";
import { selfSignedCertificate } from "./test-certificate";

/**
 * Flitt's Node SDK speaks HTTPS to port 443 of the host it is given, with Node's default HTTPS agent
 * and nothing of ours in between. To let it reach the local sandbox unpatched, this starts:
 * - the sandbox alone in workerd (worker/payments/sandbox/standalone.ts, through wrangler);
 * - a TLS endpoint on a free local port, with a certificate for FLITT_HOST made now, that hands Flitt's
 *   paths (/api/...) to the sandbox at the path the app serves it on;
 * - as this process's default HTTPS agent, one that trusts that certificate only and takes every
 *   connection to the local endpoint, as a hosts-file entry and port forward would (no root needed).
 */

/** The host the SDK is configured with; it exists only inside this test process. */
export const FLITT_HOST = "pay.flitt.test";

/** Connects to the local TLS endpoint whatever host and port were asked for; trusts only its certificate. */
class LocalFlittAgent extends https.Agent {
  constructor(
    private readonly port: number,
    ca: string,
  ) {
    super({ ca, keepAlive: false });
  }

  override createConnection(options: ClientRequestArgs) {
    const asked = options as tls.ConnectionOptions;
    return tls.connect({ ...asked, host: "127.0.0.1", port: this.port, servername: asked.servername || FLITT_HOST });
  }
}

export type LocalFlitt = {
  /** A request to the sandbox as a browser would send it (the 3-D Secure and checkout pages). */
  browse: (url: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
};

export async function startLocalFlitt(): Promise<LocalFlitt> {
  // A test run reports nothing to Cloudflare.
  process.env.WRANGLER_SEND_METRICS ??= "false";
  const worker = await unstable_startWorker({
    config: fileURLToPath(new URL("./wrangler.toml", import.meta.url)),
    dev: { server: { hostname: "127.0.0.1", port: 0 }, inspector: false, watch: false, persist: false, logLevel: "warn" },
  });
  await worker.ready;
  const browse = async (url: string, init?: RequestInit) => {
    const res = await worker.fetch(url, { ...init, redirect: "manual" } as Parameters<typeof worker.fetch>[1]);
    return res as unknown as Response;
  };

  const { cert, key } = selfSignedCertificate(FLITT_HOST);
  const server = https.createServer({ cert, key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      try {
        const path = req.url?.startsWith("/api/") ? `${SANDBOX_PATH}${req.url}` : (req.url ?? "/");
        const headers = Object.entries(req.headers).flatMap(([name, value]) =>
          typeof value === "string" && !["host", "connection", "content-length"].includes(name) ? [[name, value]] : [],
        );
        const answer = await browse(`https://${FLITT_HOST}${path}`, {
          method: req.method,
          headers: Object.fromEntries(headers),
          body: req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks),
        });
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" });
        res.end(Buffer.from(await answer.arrayBuffer()));
      } catch (error) {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const previousAgent = https.globalAgent;
  https.globalAgent = new LocalFlittAgent((server.address() as AddressInfo).port, cert);

  return {
    browse,
    close: async () => {
      https.globalAgent.destroy();
      https.globalAgent = previousAgent;
      await new Promise((resolve) => server.close(resolve));
      await worker.dispose();
    },
  };
}
