import { type ChangeEvent, useState } from "react";
import { IMAGE_TYPES, type IpfsUpload, MAX_IMAGE_BYTES, uploadImage } from "./upload.ts";

/** Where an image upload stands: nothing under way, uploading, or refused or failed with a message. */
export type ImageUploadState = "idle" | "uploading" | { error: string };

/**
 * An image picked in a file input (an avatar), uploaded to IPFS: a file of another type than
 * `IMAGE_TYPES`, or larger than `MAX_IMAGE_BYTES`, is refused with `messages.type` or `messages.size`; a
 * failed upload reads `messages.failed`. `onPicked` answers the input's change event and resolves with
 * the upload, or null; `onStateChange` hears every state.
 */
export function useImageUpload(
  messages: { type: string; size: string; failed: string },
  onStateChange?: (state: ImageUploadState) => void,
) {
  const [state, setState] = useState<ImageUploadState>("idle");
  const change = (next: ImageUploadState) => {
    setState(next);
    onStateChange?.(next);
  };

  async function onPicked(event: ChangeEvent<HTMLInputElement>): Promise<IpfsUpload | null> {
    const file = event.target.files?.[0];
    if (!file) return null;
    if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
      change({ error: messages.type });
      return null;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      change({ error: messages.size });
      return null;
    }
    change("uploading");
    try {
      const upload = await uploadImage(file);
      change("idle");
      return upload;
    } catch (err) {
      console.error("Avatar upload failed", err);
      change({ error: messages.failed });
      return null;
    }
  }

  return { state, onPicked };
}
