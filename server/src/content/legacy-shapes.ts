import type { User } from '../auth/entities/user.entity.js';
import type { Book } from './books/book.entity.js';
import type { MeetingImage } from './images/meeting-image.entity.js';
import type { SliderImage } from './images/slider-image.entity.js';
import type { VisitImage } from './images/visit-image.entity.js';
import type { PostCategory } from './posts/post-category.entity.js';
import type { Post } from './posts/post.entity.js';
import type { Video } from './videos/video.entity.js';

/** Records in the field names the legacy client reads (spec section 3). */

export const toLegacyPost = (post: Post, category: PostCategory | undefined, author: User | undefined) => ({
  id: post.id,
  name: post.name,
  slug: post.slug,
  body: post.body,
  excerpt: post.excerpt,
  image: post.image,
  postCategoryId: post.categoryId,
  postCategory: { id: post.categoryId, name: category?.name ?? '' },
  userId: post.authorId,
  usersId: post.authorId,
  users: author ? { id: author.id, title: author.title, firstname: author.firstname, lastname: author.lastname } : null,
  status: post.status,
  createdAt: post.createdAt,
  updatedAt: post.updatedAt,
});

export const toLegacyCategory = (category: PostCategory) => ({ id: category.id, name: category.name });

export const toLegacyVideo = (video: Video) => ({
  id: video.id,
  title: video.title,
  video: video.video,
  poster: video.poster,
  createdAt: video.createdAt,
});

export const toLegacySlide = (slide: SliderImage) => ({ id: slide.id, title: slide.title, image: slide.image, position: slide.position });

export const toLegacyVisitImage = (image: VisitImage) => ({ id: image.id, title: image.title, image: image.image });

export const toLegacyMeetingImage = (image: MeetingImage) => ({
  id: image.id,
  zoomId: image.zoomId,
  password: image.password,
  image: image.image,
});

export const toLegacyBook = (book: Book) => ({
  id: book.id,
  title: book.title,
  price: book.price,
  currency: book.currency,
  image: book.image,
  description: book.description,
  createdAt: book.createdAt,
});
