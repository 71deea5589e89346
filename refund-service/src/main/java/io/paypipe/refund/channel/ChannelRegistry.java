package io.paypipe.refund.channel;

import io.paypipe.core.id.Channel;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * The {@link ChannelRefunds} beans by their {@link Channel}: each channel package
 * contributes one; two for one channel stop the start.
 */
@Component
public class ChannelRegistry {

    private static final Logger log = LoggerFactory.getLogger(ChannelRegistry.class);

    private final Map<Channel, ChannelRefunds> byChannel = new EnumMap<>(Channel.class);

    ChannelRegistry(List<ChannelRefunds> clients) {
        for (ChannelRefunds client : clients) {
            ChannelRefunds before = byChannel.putIfAbsent(client.channel(), client);
            if (before != null) {
                throw new IllegalStateException("two refund clients for " + client.channel() + ": "
                        + before.getClass().getName() + " and " + client.getClass().getName());
            }
        }
        log.info("refund clients: {}", byChannel.keySet());
    }

    public Optional<ChannelRefunds> of(Channel channel) {
        return Optional.ofNullable(byChannel.get(channel));
    }

}
