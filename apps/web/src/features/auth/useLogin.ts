import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useSignMessage } from "wagmi";
import { login, requestNonce } from "../../shared/auth/authApi.ts";
import { authStore, sessionFor } from "../../shared/auth/authStore.ts";
import { api } from "../../shared/http/api.ts";
import { showToast } from "../../shared/state/toasts.ts";
import { isUserRejection } from "../wallet/walletErrorKey.ts";

export class SignatureRejectedError extends Error {
  override name = "SignatureRejectedError";
}

/**
 * Sign-In with Ethereum: nonce message from the api, signed by the wallet, exchanged for tokens.
 * A cached, unexpired session for the address is reused, so switching back needs no new nonce.
 */
export function useLogin() {
  const { t } = useTranslation();
  const signMessage = useSignMessage();
  return useMutation({
    mutationKey: ["auth", "login"],
    async mutationFn({ address, chainId }: { address: Address; chainId: number }) {
      if (sessionFor(address)) return "cached" as const;
      const message = await requestNonce(api, address, chainId);
      let signature: string;
      try {
        signature = await signMessage.mutateAsync({ account: address, message });
      } catch (err) {
        if (isUserRejection(err)) throw new SignatureRejectedError("Signature rejected", { cause: err });
        throw err;
      }
      const tokens = await login(api, address, signature);
      authStore.dispatch({ type: "loggedIn", address, tokens });
      return "signed" as const;
    },
    onError(err) {
      console.error("Login failed", err);
      showToast({
        kind: "error",
        message:
          err instanceof SignatureRejectedError
            ? t("errors.signatureRejected")
            : t("errors.walletLoginFailed"),
      });
    },
  });
}
