import { LegalDocument } from "./LegalDocument.tsx";

export default function PrivacyPolicyPage() {
  return <LegalDocument doc="privacyPolicy" />;
}
