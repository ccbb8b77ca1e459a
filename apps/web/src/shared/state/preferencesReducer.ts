/** User preferences (spec section 3): pro mode, terms agreement, custom tokens per chain and address. */

export type CustomToken = {
  chainId: number;
  address: string;
  name: string;
  symbol: string;
  decimals: number;
};

export type PreferencesState = {
  proMode: boolean;
  termsAgreed: boolean;
  showAgreement: boolean;
  /** chainId → lower-cased address → token. */
  customTokens: Readonly<Record<number, Readonly<Record<string, CustomToken>>>>;
  /** `chainId:account` pairs whose agreement the chain's UserRegistry holds (asked once each). */
  registryAgreements: Readonly<Record<string, true>>;
};

export type PreferencesAction =
  | { type: "proModeToggled" }
  | { type: "termsAgreed"; agreed: boolean }
  | { type: "agreementShown"; show: boolean }
  | { type: "customTokenAdded"; token: CustomToken }
  | { type: "customTokenRemoved"; chainId: number; address: string }
  | { type: "registryAgreed"; key: string };

export const initialPreferencesState: PreferencesState = Object.freeze({
  proMode: false,
  termsAgreed: false,
  showAgreement: false,
  customTokens: {},
  registryAgreements: {},
});

export function preferencesReducer(state: PreferencesState, action: PreferencesAction): PreferencesState {
  switch (action.type) {
    case "proModeToggled":
      return { ...state, proMode: !state.proMode };
    case "termsAgreed":
      return {
        ...state,
        termsAgreed: action.agreed,
        showAgreement: action.agreed ? false : state.showAgreement,
      };
    case "registryAgreed":
      if (state.registryAgreements[action.key]) return state;
      return {
        ...state,
        termsAgreed: true,
        registryAgreements: { ...state.registryAgreements, [action.key]: true },
      };
    case "agreementShown":
      return { ...state, showAgreement: action.show };
    case "customTokenAdded": {
      const { chainId } = action.token;
      const token = { ...action.token, address: action.token.address.toLowerCase() };
      return {
        ...state,
        customTokens: {
          ...state.customTokens,
          [chainId]: { ...state.customTokens[chainId], [token.address]: token },
        },
      };
    }
    case "customTokenRemoved": {
      const tokens = state.customTokens[action.chainId];
      const key = action.address.toLowerCase();
      if (!tokens?.[key]) return state;
      const rest = Object.fromEntries(Object.entries(tokens).filter(([a]) => a !== key));
      return { ...state, customTokens: { ...state.customTokens, [action.chainId]: rest } };
    }
  }
}
