/** Any record with an uploaded image and its variants (api-contract: Images). */
export type ImageFields = {
  image?: string | null;
  imageSrcSet?: string | null;
  imageWidth?: number | null;
  imageHeight?: number | null;
};

type Props = {
  data: ImageFields;
  alt: string;
  /** How wide the image is drawn, for the browser to pick a variant from `srcset`. */
  sizes: string;
  /** The largest image above the fold: fetched first, never lazily. */
  priority?: boolean;
  className?: string;
};

export function ResponsiveImage({ data, alt, sizes, priority = false, className }: Props) {
  if (!data.image) return null;
  return (
    <img
      className={className}
      src={data.image}
      srcSet={data.imageSrcSet ?? undefined}
      sizes={data.imageSrcSet ? sizes : undefined}
      width={data.imageWidth ?? undefined}
      height={data.imageHeight ?? undefined}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
