import { LegalDocument } from "./LegalDocument.tsx";

export default function ServiceTermsPage() {
  return <LegalDocument doc="serviceTerms" />;
}
