import { Route, Routes } from "react-router";
import { NotificationSettingsPage } from "./NotificationSettingsPage.tsx";
import { NotificationsPage } from "./NotificationsPage.tsx";

/** /notifications (tabs All, User action, Fund management) and /notifications/settings: one chunk. */
export default function NotificationsRoute() {
  return (
    <Routes>
      <Route index element={<NotificationsPage />} />
      <Route path="settings" element={<NotificationSettingsPage />} />
    </Routes>
  );
}
