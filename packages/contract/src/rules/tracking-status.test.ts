import { describe, expect, it } from 'vitest';
import { CONSOLE_STATUS_LABELS, FINAL_WORKFLOW_STATUSES, WORKFLOW_STATUSES } from '../console/workflow';
import { ORDER_STATUSES } from '../schemas/order';
import { ENDED_TRACKING_STATUSES, TRACKING_STAGES, TRACKING_STATUS_TEXTS, TRACKING_STATUSES, trackingStatusOf } from './tracking-status';

describe('the tracking page’s words for each status', () => {
  it('has a label for every status an order can have, before and after the signature', () => {
    for (const status of [...ORDER_STATUSES, ...WORKFLOW_STATUSES]) {
      const shown = trackingStatusOf(status, null);
      expect(shown, status).toBe(status);
      expect(TRACKING_STATUS_TEXTS[shown].label.length, status).toBeGreaterThan(3);
    }
    expect(Object.keys(TRACKING_STATUS_TEXTS).sort()).toEqual([...TRACKING_STATUSES].sort());
  });

  it('shows the back office’s status once there is one, the checkout’s before', () => {
    expect(trackingStatusOf('signed', 'activating')).toBe('activating');
    expect(trackingStatusOf('withdrawn', 'withdrawn')).toBe('withdrawn');
    expect(trackingStatusOf('ready_to_sign', null)).toBe('ready_to_sign');
    expect(trackingStatusOf('cancelled', null)).toBe('cancelled');
    // A status this table does not know yet reads as an order under way, never as a failure.
    expect(trackingStatusOf('something_new', null)).toBe('in_progress');
  });

  it('says what happens next until the order ends, and places each status on a stage', () => {
    expect([...ENDED_TRACKING_STATUSES].sort()).toEqual([...FINAL_WORKFLOW_STATUSES].sort());
    for (const status of TRACKING_STATUSES) {
      const { next, stage } = TRACKING_STATUS_TEXTS[status];
      if (status !== 'active') expect(next, status).toMatch(/\.$/);
      if (stage !== null) expect(TRACKING_STAGES[stage], status).toBeDefined();
    }
    // Only an order that ended without activation sits on no stage.
    expect(TRACKING_STATUSES.filter((s) => TRACKING_STATUS_TEXTS[s].stage === null)).toEqual(['cancelled', 'withdrawn']);
    // The stages only move forward along the workflow.
    const stages = WORKFLOW_STATUSES.map((s) => TRACKING_STATUS_TEXTS[s].stage).filter((s): s is number => s !== null);
    expect(stages).toEqual([...stages].sort());
    // The customer's words for the provider's activation match the console's.
    expect(TRACKING_STATUS_TEXTS.activating.label).toBe(CONSOLE_STATUS_LABELS.activating);
  });
});
