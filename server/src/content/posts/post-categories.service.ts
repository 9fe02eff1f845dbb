import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { AppError } from '../../common/app-error.js';
import type { AuthUser } from '../../access/auth-user.js';
import { ListOptions } from '../../common/list.js';
import { ContentList } from '../content-list.js';
import type { PostCategoryFilter } from './post-category.args.js';
import { FIXED_CATEGORY_IDS, PostCategory } from './post-category.entity.js';
import { Post } from './post.entity.js';

/** Post categories: public to read, content staff add and rename; the fixed three and used ones are never deleted. */
@Injectable()
export class PostCategoriesService extends ContentList<PostCategory, PostCategoryFilter> {
  protected readonly list: ListOptions = {
    sortable: { id: 'category.id', name: 'category.name' },
    defaultSort: { field: 'id', order: 'ASC' },
    searchable: ['category.name'],
  };
  protected readonly what = 'The post category';

  constructor(@InjectRepository(PostCategory) categories: Repository<PostCategory>) {
    super(categories, 'category');
  }

  async create(name: string): Promise<PostCategory> {
    await this.assertFreeName(name);
    return this.repository.save(this.repository.create({ name: name.trim() }));
  }

  async update(id: number, name: string, caller: AuthUser): Promise<PostCategory> {
    const category = await this.get(id, caller);
    await this.assertFreeName(name, id);
    category.name = name.trim();
    return this.repository.save(category);
  }

  async remove(id: number, caller: AuthUser): Promise<PostCategory> {
    if (FIXED_CATEGORY_IDS.includes(id)) throw new AppError('CONFLICT', 'Categories 1 (programs), 2 (testimonies) and 3 (blog) are fixed and cannot be deleted');
    const category = await this.get(id, caller);
    if (await this.repository.manager.existsBy(Post, { categoryId: id })) {
      throw new AppError('CONFLICT', 'This category still has posts; move or delete them first');
    }
    await this.repository.delete(id);
    return category;
  }

  /** For the per-request DataLoader. */
  byIds(ids: readonly number[]): Promise<PostCategory[]> {
    return this.repository.findBy({ id: In([...ids]) });
  }

  private async assertFreeName(name: string, exceptId?: number) {
    const query = this.repository.createQueryBuilder('category').where('lower(category.name) = lower(:name)', { name: name.trim() });
    if (exceptId) query.andWhere('category.id <> :exceptId', { exceptId });
    if (await query.getExists()) throw new AppError('CONFLICT', 'A category with this name already exists', 'name');
  }
}
