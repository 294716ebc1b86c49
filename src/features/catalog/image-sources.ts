import { IMAGE_DEFAULT_QUALITY, IMAGE_WIDTHS } from '../../lib/shared/catalogue';

/**
 * Product §9 image component: widths 640 to 3840 at quality 75, resized by the server. `sizes` tells the browser how
 * wide the image is drawn so it picks the smallest sufficient file.
 */
export function responsiveImage(url: string | null, sizes: string) {
  if (!url) return null;
  const at = (width: number) => `${url}?w=${width}&q=${IMAGE_DEFAULT_QUALITY}`;
  return {
    src: at(IMAGE_WIDTHS[0] ?? 640),
    srcSet: IMAGE_WIDTHS.map((width) => `${at(width)} ${width}w`).join(', '),
    sizes,
  };
}
