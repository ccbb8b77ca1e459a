/**
 * The signed-in account and its notification subscriptions (spec section 7): read by the notifications
 * pages and by each DAO page's subscribe link, under one query key.
 */
import { type SubscriptionRecord, subscriptionListDocument } from "@polity/core/records/notifications";
import { useQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { useSession } from "../auth/authStore.ts";
import { api } from "../http/api.ts";
import type { HttpClient } from "../http/httpClient.ts";
import { queryRoots } from "../query/queryKeys.ts";

export const NOTIFICATIONS_CONSUMER = "/integrations/notifications-consumer";

export type Subscription = SubscriptionRecord & { id: string };

/** The connected account when it is signed in (notifications are the signed-in account's own). */
export function useSignedInAccount(): Address | undefined {
  const { address } = useConnection();
  return useSession(address) ? address : undefined;
}

/** The root key of everything notifications hold for one account. */
export const notificationsKey = (account: Address | undefined) =>
  [queryRoots.notifications, account?.toLowerCase()] as const;

export async function listSubscriptions(http: HttpClient): Promise<Subscription[]> {
  const body = await http.get(`${NOTIFICATIONS_CONSUMER}/subscriptions`, {
    schema: subscriptionListDocument,
  });
  return body.data.map((r) => ({ ...r.attributes, id: r.id }));
}

export function useSubscriptions(account: Address | undefined) {
  return useQuery({
    queryKey: [...notificationsKey(account), "subscriptions"],
    queryFn: () => listSubscriptions(api),
    enabled: account !== undefined,
  });
}
