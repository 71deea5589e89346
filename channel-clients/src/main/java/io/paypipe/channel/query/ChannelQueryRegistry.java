package io.paypipe.channel.query;

import io.paypipe.core.id.Channel;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link ChannelQueries} of every {@link Channel}, one each: two for one channel, or
 * a channel without one, stop the start (the caller declares it as a bean over the
 * channels' clients).
 */
public final class ChannelQueryRegistry {

    private final Map<Channel, ChannelQueries> byChannel = new EnumMap<>(Channel.class);

    public ChannelQueryRegistry(List<? extends ChannelQueries> clients) {
        for (ChannelQueries client : clients) {
            ChannelQueries before = byChannel.putIfAbsent(client.channel(), client);
            if (before != null) {
                throw new IllegalStateException("two query clients for " + client.channel() + ": "
                        + before.getClass().getName() + " and " + client.getClass().getName());
            }
        }
        for (Channel channel : Channel.values()) {
            if (!byChannel.containsKey(channel)) {
                throw new IllegalStateException("no query client for " + channel);
            }
        }
    }

    public ChannelQueries of(Channel channel) {
        return byChannel.get(channel);
    }

}
