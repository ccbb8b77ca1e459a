/* Polity's web push service worker: shows each notification the notifier pushes, opens its link on click. */
self.addEventListener("push", (event) => {
  let message = { title: "Polity", body: "", url: "/notifications" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: "/favicon.svg",
      data: { url: message.url ?? "/notifications" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(self.clients.openWindow(event.notification.data?.url ?? "/notifications"));
});
