/**
 * Web push in the browser: registers the app's service worker (`/notifications-sw.js`, it shows each
 * push) and subscribes with the server's VAPID public key; the subscription becomes the account's
 * firebase identity.
 */
const SERVICE_WORKER_URL = "/notifications-sw.js";

export const isWebPushSupported = () =>
  typeof navigator !== "undefined" &&
  "serviceWorker" in navigator &&
  typeof window !== "undefined" &&
  "PushManager" in window;

function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + "=".repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, "+")
    .replace(/_/g, "/");
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** Asks the browser for permission and a push subscription; answers it as JSON text. */
export async function subscribeBrowser(publicKey: string): Promise<string> {
  if ((await Notification.requestPermission()) !== "granted") throw new Error("permission denied");
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  return JSON.stringify(subscription.toJSON());
}
