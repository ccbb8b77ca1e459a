import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { Address } from "viem";
import { useSignMessage } from "wagmi";
import { api } from "../http/api.ts";
import { ApiError } from "../http/apiError.ts";
import { showToast } from "../state/toasts.ts";
import type { SignedAgreement } from "./agreementApi.ts";
import { login, requestNonce } from "./authApi.ts";
import { authStore, sessionFor } from "./authStore.ts";

/**
 * Sign-In with Ethereum: nonce message from the api, signed by the wallet, exchanged for tokens.
 * A cached, unexpired session for the address is reused, so switching back needs no new nonce.
 */
export function useLogin() {
  const { t } = useTranslation();
  const signMessage = useSignMessage();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ["auth", "login"],
    async mutationFn({
      address,
      chainId,
      agreement,
    }: {
      address: Address;
      chainId: number;
      /** The terms accepted in the sign-in dialog: kept by the api once signed in. */
      agreement?: SignedAgreement | undefined;
    }) {
      const outcome = sessionFor(address) ? ("cached" as const) : ("signed" as const);
      if (outcome === "signed") {
        const message = await requestNonce(api, address, chainId);
        const signature = await signMessage.mutateAsync({ account: address, message });
        const tokens = await login(api, address, message, signature);
        authStore.dispatch({ type: "loggedIn", address, chainId, tokens });
      }
      // Not kept (the api down): the first transaction on the chain asks the wallet to sign again.
      // Loaded with the first agreement, not with the shell.
      if (agreement)
        await import("./agreementApi.ts")
          .then(({ saveAgreement }) => saveAgreement(agreement))
          .catch((err: unknown) =>
            console.error("The agreement to the terms was not kept", { chainId: agreement.chainId, err }),
          );
      return outcome;
    },
    async onError(err) {
      console.error("Login failed", err);
      if (err instanceof ApiError && err.status === 403) {
        navigate("/not-whitelisted");
        return;
      }
      const { toUserError } = await import("@polity/core/errors/toUserError");
      showToast({
        kind: "error",
        // A refused signature reads 'Account ownership confirmation rejected'; any other failure the login message.
        message: toUserError(err, { context: "signIn" }).isUserRejection
          ? t("errors.signatureRejected")
          : t("errors.walletLoginFailed"),
      });
    },
  });
}
