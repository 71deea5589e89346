package io.paypipe.channel.query;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

import io.paypipe.core.id.Channel;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChannelQueryRegistryTest {

    @Test
    void givesEachChannelItsClient() {
        List<ChannelQueries> all = Arrays.stream(Channel.values()).map(ChannelQueryRegistryTest::client).toList();

        ChannelQueryRegistry registry = new ChannelQueryRegistry(all);

        for (Channel channel : Channel.values()) {
            assertThat(registry.of(channel).channel()).isEqualTo(channel);
        }
    }

    @Test
    void twoClientsForOneChannelStopTheStart() {
        List<ChannelQueries> all = List.of(client(Channel.WECHATPAY), client(Channel.ALIPAY), client(Channel.STRIPE),
                client(Channel.ALIPAY));

        assertThatIllegalStateException().isThrownBy(() -> new ChannelQueryRegistry(all)).withMessageContaining("two");
    }

    @Test
    void aChannelWithoutAClientStopsTheStart() {
        List<ChannelQueries> two = List.of(client(Channel.WECHATPAY), client(Channel.ALIPAY));

        assertThatIllegalStateException().isThrownBy(() -> new ChannelQueryRegistry(two))
            .withMessageContaining("STRIPE");
    }

    @Test
    void answersThatCarryTheChannelsBodyNeverPrintIt() {
        String body = "{\"payer\":{\"openid\":\"o-secret\"}}";

        assertThat(new QueryAnswer.Closed(java.util.Optional.empty(), "CLOSED", body).toString())
            .doesNotContain("o-secret");
        assertThat(new QueryAnswer.Paid(io.paypipe.core.id.ChannelTradeNo.of("t"), "SUCCESS",
                io.paypipe.core.money.Money.of(1, "CNY"), io.paypipe.core.money.Money.of(1, "CNY"),
                java.time.Instant.EPOCH, body)
            .toString()).doesNotContain("o-secret");
        assertThat(new QueryAnswer.Refunded(io.paypipe.core.id.ChannelTradeNo.of("t"), "REFUND",
                io.paypipe.core.money.Money.of(1, "CNY"), io.paypipe.core.money.Money.of(1, "CNY"),
                java.time.Instant.EPOCH, body)
            .toString()).doesNotContain("o-secret");
    }

    private static ChannelQueries client(Channel channel) {
        return new ChannelQueries() {
            @Override
            public Channel channel() {
                return channel;
            }

            @Override
            public QueryAnswer query(QueriedOrder order) {
                return new QueryAnswer.Unknown("test");
            }

            @Override
            public CloseAnswer close(QueriedOrder order) {
                return new CloseAnswer.Unknown("test");
            }
        };
    }

}
