import { createFields } from "../../../shared/ui/Field.tsx";

/** The form kit with off-chain voting's messages (`offchain` namespace). */
export const { TextField, FormError } = createFields("offchain");
