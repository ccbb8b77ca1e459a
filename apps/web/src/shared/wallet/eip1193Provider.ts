import type { EIP1193EventMap, EIP1193Events, EIP1193Provider } from "viem";

/** A JSON-RPC request as an EIP-1193 provider receives it. */
export type RpcRequest = { method: string; params?: unknown };

type EventName = keyof EIP1193EventMap;

/** EIP-1193's events: the listeners kept per event, and `emit`, which calls an event's listeners. */
export function eip1193Events() {
  const listeners: { [E in EventName]: Set<EIP1193EventMap[E]> } = {
    accountsChanged: new Set(),
    chainChanged: new Set(),
    connect: new Set(),
    disconnect: new Set(),
    message: new Set(),
  };
  return {
    on<E extends EventName>(event: E, listener: EIP1193EventMap[E]) {
      listeners[event].add(listener);
    },
    removeListener<E extends EventName>(event: E, listener: EIP1193EventMap[E]) {
      listeners[event].delete(listener);
    },
    /** Calls each listener of `event` through `call`, which passes the event's value. */
    emit<E extends EventName>(event: E, call: (listener: EIP1193EventMap[E]) => void) {
      for (const listener of listeners[event]) call(listener);
    },
  };
}

/** An EIP-1193 provider whose requests one function answers by method name. */
export function eip1193Provider(
  request: (args: RpcRequest) => Promise<unknown>,
  events: EIP1193Events,
): EIP1193Provider {
  return {
    // viem types `request` per method through generics; a function answering by method name cannot be checked against them.
    request: request as EIP1193Provider["request"],
    on: events.on,
    removeListener: events.removeListener,
  };
}
