package io.paypipe.channel.bill;

import io.paypipe.core.id.Channel;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The {@link BillDownloads} of every {@link Channel}, one each: two for one channel, or a
 * channel without one, stop the start.
 */
public final class BillDownloadRegistry {

    private final Map<Channel, BillDownloads> byChannel = new EnumMap<>(Channel.class);

    public BillDownloadRegistry(List<? extends BillDownloads> downloads) {
        for (BillDownloads download : downloads) {
            BillDownloads before = byChannel.putIfAbsent(download.channel(), download);
            if (before != null) {
                throw new IllegalStateException("two bill downloads for " + download.channel() + ": "
                        + before.getClass().getName() + " and " + download.getClass().getName());
            }
        }
        for (Channel channel : Channel.values()) {
            if (!byChannel.containsKey(channel)) {
                throw new IllegalStateException("no bill download for " + channel);
            }
        }
    }

    public BillDownloads of(Channel channel) {
        return byChannel.get(channel);
    }

}
