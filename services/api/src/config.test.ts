import { describe, expect, it } from "vitest";
import { ConfigError, DEV_VERIFIER_PRIVATE_KEY, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("in development, defaults to a setup with the local chain", () => {
    const c = loadConfig({ NODE_ENV: "development" });
    expect(c.env).toBe("development");
    expect(c.port).toBe(8080);
    expect(c.supportedChainIds).toContain(31337);
    expect(c.rpcUrls[31337]).toBe("http://127.0.0.1:8545");
    expect(c.verifierKeys).toEqual({ 31337: DEV_VERIFIER_PRIVATE_KEY });
    expect(c.webOrigins).toEqual(["http://localhost:5173", "http://127.0.0.1:5173"]);
  });

  it("keeps the public dev verifier key to the local chain and out of production", () => {
    const dev = loadConfig({
      NODE_ENV: "development",
      OFFCHAIN_VERIFIER_PRIVATE_KEY: DEV_VERIFIER_PRIVATE_KEY,
    });
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

  it("L1 without NODE_ENV the api runs as production: no JWT secret, no start", () => {
    expect(() => loadConfig({})).toThrow(/JWT_SECRET is required/);
    const unset = loadConfig({ JWT_SECRET: "x".repeat(40), RPC_URL_56: "https://bsc.example" });
    expect(unset.env).toBe("production");
    expect(unset.supportedChainIds).not.toContain(31337);
  });

  it("L1 the public development JWT secret is refused outside development and test", () => {
    const publicDevSecret = "polity-development-jwt-secret-do-not-use-in-production";
    for (const env of [{}, { NODE_ENV: "production" }]) {
      expect(() => loadConfig({ ...env, JWT_SECRET: publicDevSecret })).toThrow(/development secret/);
    }
    expect(loadConfig({ NODE_ENV: "development" }).jwtSecret).toBe(publicDevSecret);
    expect(loadConfig({ NODE_ENV: "test" }).jwtSecret).toBe(publicDevSecret);
  });

  it("L2 TRUST_PROXY takes a hop count or the proxies' addresses, never a blanket true", () => {
    const dev = { NODE_ENV: "development" };
    expect(() => loadConfig({ ...dev, TRUST_PROXY: "true" })).toThrow(/every hop/);
    expect(loadConfig({ ...dev, TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ ...dev, TRUST_PROXY: "10.0.0.1, 10.1.0.0/16,::1" }).trustProxy).toEqual([
      "10.0.0.1",
      "10.1.0.0/16",
      "::1",
    ]);
    expect(loadConfig({ ...dev, TRUST_PROXY: "false" }).trustProxy).toBe(false);
    expect(() => loadConfig({ ...dev, TRUST_PROXY: "proxy.example" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...dev, TRUST_PROXY: "10.0.0.0/99" })).toThrow(ConfigError);
  });

  it("refuses malformed values", () => {
    expect(() => loadConfig({ API_PORT: "http" })).toThrow(ConfigError);
    expect(() => loadConfig({ WEB_ORIGINS: "localhost:5173/app" })).toThrow(ConfigError);
    expect(() => loadConfig({ OFFCHAIN_VERIFIER_PRIVATE_KEY: "0x1234" })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(ConfigError);
  });
});
