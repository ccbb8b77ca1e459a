/** Build-time flag (vite `define`): true when VITE_ENABLE_LOCAL_CHAIN=true offers the local chain. */
declare const __POLITY_LOCAL_CHAIN__: boolean;
