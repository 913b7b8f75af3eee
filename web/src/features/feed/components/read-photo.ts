// A picked photo made ready to upload: checked and re-drawn as a JPEG of at most 2048 px.
import { readPicked } from '../../../lib/picked-image';

export { PickedImageError as PhotoError } from '../../../lib/picked-image';

export function readPhoto(file: File): Promise<string> {
  return readPicked(file, 2048, 0.88);
}
