package io.paypipe.sandbox.query;

import java.time.Clock;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What the channels' order APIs share: the record of every call ({@code channelCalls}),
 * the armed faults ({@code queryFaults}), the orders' callback and close scenarios
 * ({@code callbackScenarios}, {@code closeScenarios}) and every channel's order book
 * ({@code channelOrderBooks}). Tests running the sandbox in-process fetch them by type.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(OrderQueryProperties.class)
class OrderQueryConfiguration {

    @Bean
    ChannelCalls channelCalls(@Qualifier("sandboxClock") Clock clock) {
        return new ChannelCalls(clock);
    }

    @Bean
    QueryFaults queryFaults(@Qualifier("sandboxClock") Clock clock) {
        return new QueryFaults(clock);
    }

    @Bean
    CallbackScenarios callbackScenarios() {
        return new CallbackScenarios();
    }

    @Bean
    CloseScenarios closeScenarios() {
        return new CloseScenarios();
    }

    @Bean
    ChannelOrderBooks channelOrderBooks() {
        return new ChannelOrderBooks();
    }

}
