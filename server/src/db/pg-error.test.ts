import { failedOnData, isDeadlock, isUniqueViolation, pgErrorCode } from './pg-error';

const driverError = (code: string) => Object.assign(new Error('driver'), { code });

describe('reading PostgreSQL’s error code', () => {
  it('from the driver’s error, bare or wrapped by Drizzle', () => {
    expect(pgErrorCode(driverError('23505'))).toBe('23505');
    expect(pgErrorCode(new Error('Failed query', { cause: driverError('40001') }))).toBe('40001');
  });

  it('not from errors that carry no SQLSTATE', () => {
    expect(pgErrorCode(new Error('socket hang up'))).toBeUndefined();
    expect(pgErrorCode(Object.assign(new Error('net'), { code: 'ECONNRESET' }))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
  });

  it('tells a unique violation and a refusal of the data apart from other failures', () => {
    expect(isUniqueViolation(new Error('wrapped', { cause: driverError('23505') }))).toBe(true);
    expect(isUniqueViolation(driverError('23503'))).toBe(false);
    expect(failedOnData(driverError('22P02'))).toBe(true);
    expect(failedOnData(driverError('23503'))).toBe(true);
    expect(failedOnData(driverError('57P01'))).toBe(false);
    expect(failedOnData(new Error('connection lost'))).toBe(false);
  });

  it('tells a deadlock, which may succeed when tried again, from a failed serialization', () => {
    expect(isDeadlock(new Error('Failed query', { cause: driverError('40P01') }))).toBe(true);
    expect(isDeadlock(driverError('40001'))).toBe(false);
  });
});
