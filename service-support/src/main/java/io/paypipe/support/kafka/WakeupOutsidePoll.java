package io.paypipe.support.kafka;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.errors.WakeupException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.kafka.core.ConsumerPostProcessor;

/**
 * Makes a consumer's calls other than {@code poll} survive a wakeup that was meant for a
 * poll which had already returned: such a call is made once more.
 * <p>
 * spring-kafka's listener container (4.0.6; 4.0.8 unchanged) wakes its consumer when a
 * partition or the container is resumed from another thread (the retry topics' back-off,
 * {@code /ops/consumers/resume}) while its {@code polling} flag is set. The flag is
 * cleared only after {@code poll} returned, so a resume in that window leaves a wakeup
 * that no poll consumes ({@code consumer.wakeup()} is sticky), and the next blocking call
 * throws {@link WakeupException}. With AckMode RECORD that call is the commit of the
 * record just handled: the container hands the exception to the error handler as the
 * listener's failure, and a record whose effects were stored goes on to the next retry
 * topic or to the dead-letter topic, whose handler raises a "gave up" alert for work that
 * was done (seen in a benchmark of 2026-12-06: reconcile's {@code order.created} retry
 * started an order's query chain, then sent the record to its dead-letter topic).
 * spring-kafka's fix for the same race elsewhere (#4622, 4.0.8) covers the commits of
 * {@code commitIfNecessary} and acks from other threads, not the commit after each
 * record.
 * <p>
 * Calling again is safe: the exception consumed the wakeup, every consumer call that can
 * throw it (commits of the same offsets, positions, look-ups) is idempotent, and the
 * container checks its pauses and its running state before its next poll, which is what
 * the wakeup was for. {@code poll} itself keeps it; a second wakeup during the second
 * call is thrown as before.
 */
public final class WakeupOutsidePoll<K, V> implements ConsumerPostProcessor<K, V> {

    private static final Logger log = LoggerFactory.getLogger(WakeupOutsidePoll.class);

    @Override
    @SuppressWarnings("unchecked")
    public Consumer<K, V> apply(Consumer<K, V> consumer) {
        return (Consumer<K, V>) Proxy.newProxyInstance(Consumer.class.getClassLoader(),
                new Class<?>[] { Consumer.class }, new CallAgain(consumer));
    }

    private record CallAgain(Consumer<?, ?> target) implements InvocationHandler {

        @Override
        public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
            return switch (method.getName()) {
                case "equals" -> proxy == args[0];
                case "hashCode" -> System.identityHashCode(proxy);
                case "poll", "wakeup", "close" -> call(method, args);
                default -> callAgainAfterWakeup(method, args);
            };
        }

        private Object callAgainAfterWakeup(Method method, Object[] args) throws Throwable {
            try {
                return call(method, args);
            }
            catch (WakeupException e) {
                log.info("consumer of group {}: a wakeup meant for a poll that had returned stopped {}; called again",
                        group(), method.getName());
                return call(method, args);
            }
        }

        private Object call(Method method, Object[] args) throws Throwable {
            try {
                return method.invoke(target, args);
            }
            catch (InvocationTargetException e) {
                throw e.getCause();
            }
        }

        private String group() {
            try {
                return target.groupMetadata().groupId();
            }
            catch (RuntimeException e) {
                return "?";
            }
        }

    }

}
