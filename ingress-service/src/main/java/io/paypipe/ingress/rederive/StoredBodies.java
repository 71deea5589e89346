package io.paypipe.ingress.rederive;

import io.paypipe.core.id.Channel;
import io.paypipe.ingress.callback.Check;
import io.paypipe.ingress.intake.Classified;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * One channel's checks run again on a body stored in a raw table, for a re-derive: what
 * of the original verification the stored body still allows, then the channel's current
 * parser and classifier. A channel whose signature inputs are not stored at all (Stripe:
 * the {@code Stripe-Signature} header) has none, and its rows are skipped.
 */
public interface StoredBodies {

    Channel channel();

    /**
     * {@code body} of a row of merchant {@code merchantId} (service provider
     * {@code spMerchantId}, null outside that mode), checked and classified again.
     */
    Check<Classified> recheck(String merchantId, String spMerchantId, String body);

    /** Every channel's {@link StoredBodies}, by the channel code a raw row stores. */
    @Component
    final class ByChannel {

        private final Map<Channel, StoredBodies> channels;

        ByChannel(List<StoredBodies> channels) {
            this.channels = channels.stream().collect(Collectors.toMap(StoredBodies::channel, Function.identity()));
        }

        Optional<StoredBodies> of(String channelCode) {
            return Optional.ofNullable(channels.get(Channel.fromCode(channelCode)));
        }

        /** Why a row of a channel without {@link StoredBodies} is skipped. */
        static String notStored(String channelCode) {
            return "cannot re-verify: the " + channelCode + " signature header is not stored";
        }

    }

}
