import { buildDaoMetadata } from "../../../shared/dao-metadata/daoProfileForm.ts";
import type { IpfsUpload } from "../../../shared/ipfs/upload.ts";
import type { CreatePoolDraft } from "../draft/createPoolDraft.ts";
import type { DeployUploads } from "./buildDeployParams.ts";
import { buildSettingsDescription, SETTINGS_SLOTS, type SettingsSlot } from "./daoMetadata.ts";

/**
 * Uploads what the deployment references: the rich-text description (its own document), the DAO
 * metadata document that becomes descriptionURL, and one description document per settings slot.
 */
export async function uploadDeployDocuments(
  draft: CreatePoolDraft,
  uploadJson: (document: unknown) => Promise<IpfsUpload>,
): Promise<DeployUploads> {
  const hasDescription = (draft.description.content?.length ?? 0) > 0;
  const [description, ...slotUploads] = await Promise.all([
    hasDescription ? uploadJson(draft.description) : Promise.resolve(null),
    ...SETTINGS_SLOTS.map((slot) => uploadJson(buildSettingsDescription(slot, draft.daoName))),
  ]);
  const metadata = await uploadJson(buildDaoMetadata(draft, description?.url ?? ""));
  const executorDescriptions = Object.fromEntries(
    SETTINGS_SLOTS.map((slot, index) => [slot, slotUploads[index]?.url ?? ""]),
  ) as Record<SettingsSlot, string>;
  return { descriptionURL: metadata.url, executorDescriptions };
}
