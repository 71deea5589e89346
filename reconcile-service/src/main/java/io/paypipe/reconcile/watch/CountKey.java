package io.paypipe.reconcile.watch;

import io.paypipe.core.event.NotificationSettled;
import io.paypipe.core.raw.RawOutcome;
import org.apache.kafka.common.serialization.Serde;

/**
 * What settlements are counted by: the channel's code, the order's merchant and the
 * outcome. JSON on the wire and in the store.
 */
record CountKey(String channel, String merchant, RawOutcome outcome) {

    static final Serde<CountKey> SERDE = JsonSerdes.of(CountKey.class);

    static CountKey of(NotificationSettled s) {
        return new CountKey(s.channel().code(), s.orderKey().merchantId().value(), s.outcome());
    }

}
