import { describe, expect, it } from "vitest";
import { ConfigError, DEV_VERIFIER_PRIVATE_KEY, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("defaults to a development setup with the local chain", () => {
    const c = loadConfig({});
    expect(c.env).toBe("development");
    expect(c.port).toBe(8080);
    expect(c.supportedChainIds).toContain(31337);
    expect(c.rpcUrls[31337]).toBe("http://127.0.0.1:8545");
    expect(c.verifierKeys).toEqual({ 31337: DEV_VERIFIER_PRIVATE_KEY });
    expect(c.webOrigins).toEqual(["http://localhost:5173", "http://127.0.0.1:5173"]);
  });

  it("keeps the public dev verifier key to the local chain and out of production", () => {
    const dev = loadConfig({ OFFCHAIN_VERIFIER_PRIVATE_KEY: DEV_VERIFIER_PRIVATE_KEY });
    expect(Object.keys(dev.verifierKeys)).toEqual(["31337"]);
    expect(() =>
      loadConfig({
        NODE_ENV: "production",
        JWT_SECRET: "x".repeat(40),
        OFFCHAIN_VERIFIER_PRIVATE_KEY: DEV_VERIFIER_PRIVATE_KEY,
      }),
    ).toThrow(ConfigError);
  });

  it("requires a JWT secret in production and drops the local chain there", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    const prod = loadConfig({
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(40),
      RPC_URL_56: "https://bsc.example",
      OFFCHAIN_VERIFIER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
    });
    expect(prod.supportedChainIds).not.toContain(31337);
    expect(prod.rpcUrls).toEqual({ 56: "https://bsc.example" });
    expect(Object.keys(prod.verifierKeys)).toHaveLength(5);
  });

  it("refuses malformed values", () => {
    expect(() => loadConfig({ API_PORT: "http" })).toThrow(ConfigError);
    expect(() => loadConfig({ WEB_ORIGINS: "localhost:5173/app" })).toThrow(ConfigError);
    expect(() => loadConfig({ OFFCHAIN_VERIFIER_PRIVATE_KEY: "0x1234" })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(ConfigError);
  });
});
