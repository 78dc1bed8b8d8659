import type { ResponsiveImage } from "~/utils/images";

/** An uploaded photo: WebP where the browser takes it, JPEG otherwise, at the width it needs. */
export function ResponsivePicture({
  image,
  sizes,
  width,
  height,
  className,
  lazy = false,
}: {
  image: ResponsiveImage;
  sizes: string;
  width: number;
  height: number;
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
        height={height}
        loading={lazy ? "lazy" : undefined}
        className={className}
      />
    </picture>
  );
}
