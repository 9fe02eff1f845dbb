import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { Public } from '../access/decorators.js';

@Public()
@Controller()
export class HealthController {
  constructor(private readonly dataSource: DataSource) {}

  /** 200 when the database answers; 503 otherwise, so a load balancer takes the instance out. */
  @Get('healthz')
  async health(@Res({ passthrough: true }) response: Response) {
    response.setHeader('Cache-Control', 'no-store');
    try {
      await this.dataSource.query('SELECT 1');
      return { status: 'ok', database: 'ok' };
    } catch {
      response.status(503);
      return { status: 'error', database: 'unreachable' };
    }
  }
}
