package io.paypipe.refund.send;

import io.paypipe.refund.store.RefundCause;
import io.paypipe.refund.store.RefundRepository;
import io.paypipe.refund.store.RefundRow;
import org.springframework.stereotype.Service;

/**
 * What happens to a refund once it is stored PENDING (by the API, a refund task): it goes
 * on the query ladder, then its channel is called and the answer applied. Returns the
 * refund as it is afterwards.
 */
@Service
public class NewRefunds {

    private final QuerySchedule schedule;

    private final RefundSender sender;

    private final RefundRepository refunds;

    NewRefunds(QuerySchedule schedule, RefundSender sender, RefundRepository refunds) {
        this.schedule = schedule;
        this.sender = sender;
        this.refunds = refunds;
    }

    public RefundRow send(RefundRow stored, RefundCause cause) {
        boolean scheduled = schedule.scheduleOrAlert(stored);
        sender.send(stored, cause);
        RefundRow now = refunds.find(stored.id()).orElseThrow();
        if (!scheduled && !now.status().isFinal()) {
            schedule.scheduleOrAlert(now);
        }
        return now;
    }

}
