import { TOOL_PLACEHOLDER_IMAGE_URL } from '../../../lib/shared/prescriptions';
import { responsiveImage } from '../../catalog/image-sources';

/** Product §3: the tool's image, or the placeholder when the product has none. Decorative: the name is beside it. */
export function ToolImage({ url, size = 96 }: { url: string | null; size?: number }) {
  const image = url && url !== TOOL_PLACEHOLDER_IMAGE_URL ? responsiveImage(url, `${size}px`) : null;
  return image ? (
    <img {...image} alt="" width={size} height={size} loading="lazy" decoding="async" className="tool-image" />
  ) : (
    <img
      src={TOOL_PLACEHOLDER_IMAGE_URL}
      alt=""
      width={size}
      height={size}
      className="tool-image tool-image--placeholder"
    />
  );
}
