import type { ResponsiveImage } from "~/utils/images";

/**
 * An uploaded photo: WebP where the browser takes it, JPEG otherwise, at the width it needs.
 * Every place the site shows an upload is 16:9, the photo cropped to fill it: `width` is the
 * width it is laid out at (the browser reserves the box before the photo arrives), the height
 * follows; `className` places and sizes it.
 */
export function ResponsivePicture({
  image,
  sizes,
  width,
  className = "",
  lazy = false,
}: {
  image: ResponsiveImage;
  sizes: string;
  width: number;
  className?: string;
  lazy?: boolean;
}) {
  return (
    <picture>
      <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        alt={image.alt}
        width={width}
        height={Math.round((width * 9) / 16)}
        loading={lazy ? "lazy" : undefined}
        className={`aspect-video object-cover ${className}`}
      />
    </picture>
  );
}
