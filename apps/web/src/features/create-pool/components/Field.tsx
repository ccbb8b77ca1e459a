import { createFields } from "../../../shared/ui/Field.tsx";

export { FieldMessage } from "../../../shared/ui/Field.tsx";

/** The form kit with the wizard's messages (`createPool` namespace). */
export const { Field, TextField, AddressField, TokenField, FormError } = createFields("createPool");
