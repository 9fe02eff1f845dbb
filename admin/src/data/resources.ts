/**
 * The console's resource names (they appear in its URLs) and the GraphQL type behind each. A resource may
 * be a fixed slice of its type: testimonies are the posts of category 2.
 */
export type ResourceSpec = {
  type: string;
  /** Merged into every list filter and every new record. */
  fixed?: Record<string, string>;
  /** `purpose` sent with an image upload; resources without it have no image. */
  upload?: 'slider' | 'visit' | 'post' | 'testimony' | 'book' | 'meeting';
};

export const TESTIMONY_CATEGORY = '2';
export const CATEGORY = { programs: '1', testimonies: TESTIMONY_CATEGORY, blog: '3' } as const;

export const RESOURCES: Record<string, ResourceSpec> = {
  posts: { type: 'Post', upload: 'post' },
  testimonies: { type: 'Post', fixed: { categoryId: TESTIMONY_CATEGORY }, upload: 'testimony' },
  'post-categories': { type: 'PostCategory' },
  videos: { type: 'Video' },
  'slider-images': { type: 'SliderImage', upload: 'slider' },
  'visit-images': { type: 'VisitImage', upload: 'visit' },
  'meeting-images': { type: 'MeetingImage', upload: 'meeting' },
  books: { type: 'Book', upload: 'book' },
  members: { type: 'User' },
  'contact-enquiries': { type: 'ContactEnquiry' },
  questions: { type: 'Question' },
  'counselling-requests': { type: 'CounsellingRequest' },
  'baptism-requests': { type: 'BaptismRequest' },
  'prayer-requests': { type: 'PrayerRequest' },
  donations: { type: 'Donation' },
  'book-orders': { type: 'BookOrder' },
};

export function resourceSpec(resource: string): ResourceSpec {
  const spec = RESOURCES[resource];
  if (!spec) throw new Error(`The admin console has no resource called "${resource}"`);
  return spec;
}
