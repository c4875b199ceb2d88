import './care-switch.css';
import { CARE_SCALES, storedLook, storeLook, type Look } from './themes';

function apply(change: Partial<Look>) {
  storeLook({ ...storedLook(), ...change });
  location.reload();
}

/**
 * 关怀版 in the header of every portal page: on and off, and when on, the text size in steps
 * (A− / A+). A choice reloads the page, as the theme switch does (spec §4), so it is in place
 * before the first paint.
 */
export function CareSwitch() {
  const { care, careScale } = storedLook();
  const step = CARE_SCALES.indexOf(careScale as (typeof CARE_SCALES)[number]);
  return (
    <span className="care-switch">
      {/* Its words say what it does (关怀版 / 退出关怀版): no pressed state besides, which would read as "退出关怀版, pressed". */}
      <button type="button" className="care-toggle" onClick={() => apply({ care: !care })}>
        {care ? '退出关怀版' : '关怀版'}
      </button>
      {care && (
        <>
          <button type="button" className="care-size" disabled={step <= 0} onClick={() => apply({ careScale: CARE_SCALES[step - 1] })} aria-label="A− 减小字号">
            A−
          </button>
          <button type="button" className="care-size" disabled={step >= CARE_SCALES.length - 1} onClick={() => apply({ careScale: CARE_SCALES[step + 1] })} aria-label="A+ 增大字号">
            A+
          </button>
        </>
      )}
    </span>
  );
}
