import { INTERVALS } from "@polity/core/constants";
import type { DeliveryChannel, NotificationGroup } from "@polity/core/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Address } from "viem";
import { api } from "../../shared/http/api.ts";
import { notificationsKey } from "../../shared/notifications/subscriptions.ts";
import {
  activeChannels,
  addIdentity,
  listNotifications,
  listSettings,
  markRead,
  type NotificationSetting,
  register,
  removeIdentity,
  saveSetting,
  subscribe,
  unreadCount,
  unsubscribe,
} from "./api/notificationsApi.ts";

/** The unread count of the header badge, refreshed on the spec's idle polling interval. */
export function useUnreadCount(account: Address | undefined) {
  return useQuery({
    queryKey: [...notificationsKey(account), "unread"],
    queryFn: () => unreadCount(api),
    enabled: account !== undefined,
    refetchInterval: INTERVALS.idlePollingMs,
  });
}

/** A page of the list (one tab's topics), refreshed on the spec's polling interval. */
export function useNotificationsList(
  account: Address | undefined,
  topics: readonly string[] | null,
  page: number,
) {
  return useQuery({
    queryKey: [...notificationsKey(account), "list", topics?.join(",") ?? "all", page],
    queryFn: () => listNotifications(api, { page, topics }),
    enabled: account !== undefined,
    refetchInterval: INTERVALS.pollingMs,
  });
}

export function useActiveChannels(account: Address | undefined) {
  return useQuery({
    queryKey: [...notificationsKey(account), "channels"],
    queryFn: () => activeChannels(api),
    enabled: account !== undefined,
  });
}

export function useSettings(account: Address | undefined) {
  return useQuery({
    queryKey: [...notificationsKey(account), "settings"],
    queryFn: () => listSettings(api),
    enabled: account !== undefined,
  });
}

/** Every write of the notification pages; each refreshes the account's notification queries. */
export function useNotificationMutations(account: Address | undefined) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: notificationsKey(account) });
  return {
    markRead: useMutation({ mutationFn: (ids: string[] | "all") => markRead(api, ids), onSuccess }),
    subscribe: useMutation({
      mutationFn: async (input: { destination: string; groups: NotificationGroup[] }) => {
        // Subscribing is agreeing to receive notifications: the account is registered first.
        if (account) await register(api, account);
        await subscribe(api, input.destination, input.groups);
      },
      onSuccess,
    }),
    unsubscribe: useMutation({ mutationFn: (id: string) => unsubscribe(api, id), onSuccess }),
    saveSetting: useMutation({
      mutationFn: (s: Pick<NotificationSetting, "group_name" | "enabled" | "channels">) =>
        saveSetting(api, s),
      onSuccess,
    }),
    connect: useMutation({
      mutationFn: (input: { channel: DeliveryChannel; identifier?: string }) =>
        addIdentity(api, input.channel, input.identifier),
      onSuccess,
    }),
    disconnect: useMutation({ mutationFn: (id: string) => removeIdentity(api, id), onSuccess }),
  };
}
