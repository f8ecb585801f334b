import { UploadField, type UploadFieldProps } from '../upload/upload-field.tsx';
import './resource.css';

/** One file slot of a resource screen: an upload with the key React tells it apart by. */
export type ResourceUploadSlot = UploadFieldProps & { key: string };

/**
 * The upload slots under a resource list (rules from a file, products from a file…), side by
 * side on a wide screen. Shown to those who may write; each slot refreshes the list after its
 * report through `onUploaded`.
 */
export function ResourceUploads({ slots }: { slots: readonly ResourceUploadSlot[] }) {
  if (slots.length === 0) return null;
  return (
    <div className="ui-resource__uploads">
      {slots.map(({ key, ...slot }) => (
        <UploadField key={key} {...slot} />
      ))}
    </div>
  );
}
